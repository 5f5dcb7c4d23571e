// System-administration II screens by menu path (dictionaries, notices, SMS,
// object storage, attachments, code generation, workflow, logs, reports).
import type { Screen } from '../lazyCrud';

export const ADMIN_SCREENS: Record<string, Screen> = {};
