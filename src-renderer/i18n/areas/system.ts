// Messages of the system screens (zh from the spec, en complete). Imported by the
// area's screen definitions, which registers them with i18next.
import { addMessages } from '../index';
import { en, zh } from './system.messages';

export const systemMessages = { zh, en };
addMessages(systemMessages);
