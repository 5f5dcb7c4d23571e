import { useEffect, useState } from 'react';
import { screenClass, type ScreenClass } from './screenClass';

/** The current screen size class, updated on resize. */
export function useScreenClass(): ScreenClass {
  const [value, setValue] = useState<ScreenClass>(() => screenClass(window.innerWidth));
  useEffect(() => {
    const onResize = () => setValue(screenClass(window.innerWidth));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return value;
}
