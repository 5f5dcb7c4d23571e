import { useEffect, useRef, type RefObject } from 'react';

/**
 * Calls `reload` each time the kept-alive page holding the element becomes the
 * shown tab again (its `section.desk-page` loses the `hidden` attribute). For
 * lists whose rows change through other pages (workflow tasks handled elsewhere).
 */
export function useReloadOnShow(ref: RefObject<HTMLElement | null>, enabled: boolean, reload: () => void): void {
  const latest = useRef(reload);
  latest.current = reload;
  useEffect(() => {
    const page = ref.current?.closest('section.desk-page');
    if (!enabled || !page) return;
    let hidden = page.hasAttribute('hidden');
    const observer = new MutationObserver(() => {
      const now = page.hasAttribute('hidden');
      if (hidden && !now) latest.current();
      hidden = now;
    });
    observer.observe(page, { attributes: true, attributeFilter: ['hidden'] });
    return () => observer.disconnect();
  }, [ref, enabled]);
}
