// The primary colour: the one the user picked, else the profile's, else #2EA300.
import { useSession } from './session';
import { useUi } from './ui';
import { DEFAULT_COLOUR } from '../themes/names';

const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

export function usePrimaryColour(): string {
  const profileColour = useSession((s) => s.info?.profile.colour);
  const picked = useUi((s) => s.colour);
  return picked ?? (profileColour && HEX_COLOUR.test(profileColour) ? profileColour : DEFAULT_COLOUR);
}
