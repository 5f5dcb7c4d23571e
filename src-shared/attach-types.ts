// Which attachment types an object-storage configuration may allow: one
// definition for the 对象存储 form and the back end (modules/admin/attach-rules.ts).

/** the largest size limit a configuration may set, MB (what the desktop's file channel carries) */
export const ATTACH_MAX_MB = 50;

/** what a configuration accepts when it says nothing (the migration gave these to the existing ones) */
export const DEFAULT_ATTACH_TYPES = [
  'jpg', 'jpeg', 'png', 'gif', 'webp',
  'pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'txt', 'csv',
  'zip', 'rar', '7z', 'tar', 'gz',
] as const;
export const DEFAULT_ATTACH_MB = 20;

/** never accepted, whatever a configuration lists: pages and scripts a browser would run, programs */
export const FORBIDDEN_TYPES: readonly string[] = ['html', 'htm', 'xhtml', 'shtml', 'svg', 'svgz', 'xml', 'js', 'mjs', 'exe', 'dll', 'msi', 'bat', 'cmd', 'com', 'sh', 'ps1', 'vbs', 'jar', 'php', 'jsp', 'asp', 'aspx', 'hta', 'scr'];

/** allow_types of a configuration: lower-case extensions, comma-joined, without dots */
export const TYPES_PATTERN = /^[a-z0-9]{1,10}(,[a-z0-9]{1,10})*$/;

/** The forbidden entries of an allow_types value (a configuration listing one is refused). */
export function forbiddenIn(types: string): string[] {
  return types.split(',').filter((t) => FORBIDDEN_TYPES.includes(t));
}
