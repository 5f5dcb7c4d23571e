// Profiles (workspaces) in a key-value store with the `conf` API: electron-store
// in Electron, `conf` pointed at the data folder in browser mode. The built-in
// Local workspace always exists; its base URL is the embedded back end's,
// known only at runtime. Client secrets are not profiles' business: they live
// in the TokenVault.

import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { ApiDialect, Profile } from '../../src-shared/ipc';
import { DeskError } from './errors';
import { firstBroken } from '../../src-shared/declarations/declare';
import { PROFILE } from '../../src-shared/declarations/desktop-inputs';
import { messageText } from '../../src-shared/messages';

/** What ProfileService needs of electron-store / conf. */
export interface KeyValueStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}

export const LOCAL_PROFILE_ID = 'local';
export const LOCAL_CLIENT_SECRET = 'saber_secret';

const PROFILES_KEY = 'profiles';
const LOCAL_KEY = 'localProfile';

/** The fields of the Local workspace a user may change (name, colour, language, captcha/switch mode). */
const LOCAL_EDITABLE = ['name', 'colour', 'language', 'captchaMode', 'switchMode'] as const;
type LocalEditable = Pick<Profile, (typeof LOCAL_EDITABLE)[number]>;

export function localProfileDefaults(baseUrl: string): Profile {
  return {
    id: LOCAL_PROFILE_ID,
    name: 'Local workspace',
    baseUrl,
    tenantId: '000000',
    clientId: 'saber',
    colour: '#2EA300',
    language: 'zh',
    captchaMode: true,
    switchMode: false,
    builtin: true,
  };
}

/** A fresh profile id (letters and digits, usable in a session partition name). */
export function newProfileId(): string {
  return `p${randomBytes(5).toString('hex')}`;
}

export interface ProfileServiceOptions {
  /** the embedded back end's URL, ending in /api */
  localBaseUrl: string;
  /** the embedded back end's AES key (crypto Blade-Auth for notices) */
  localAesKey?: string;
  /** the embedded back end's SM2 public key, shown in the Local workspace's profile */
  localPublicKey?: string;
  /** runtime-only overrides of the Local workspace (e.g. `--captcha off`), never persisted */
  localOverrides?: Partial<LocalEditable>;
}

const fail = (m: string): never => {
  throw new DeskError(400, m);
};

export const COLOUR_RE = /^#[0-9A-Fa-f]{6}$/;
const PEM_RE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/;

/**
 * Checks a profile's shape (as stored or as sent by the renderer); returns it
 * normalised or throws DeskError(400) with a message for the form. Checks that
 * need the other profiles or the disk (unique name, CA file) are in checkForSave.
 */
export function validateProfile(input: unknown): Profile {
  if (!input || typeof input !== 'object') fail('profile must be an object');
  const p = input as Record<string, unknown>;
  const text = (k: string) => (typeof p[k] === 'string' ? (p[k] as string).trim() : '');
  const required = (k: string, message: string) => text(k) || fail(message);
  const id = required('id', 'profile.id is required');
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) fail('profile.id may only contain letters, digits, - and _');
  // the form's declaration (src-shared/declarations/desktop-inputs.ts): every field but the client secret (the
  // key store's, not the profile's) and the unique name (checkUniqueName, which needs the other profiles)
  const held: Record<string, unknown> = {};
  for (const [field, decl] of Object.entries(PROFILE.fields)) {
    if (field === 'clientSecret') continue;
    held[field] = text(field);
    const broken = firstBroken(decl, held[field]);
    if (broken) fail(messageText(broken.message, 'zh'));
  }
  for (const rule of PROFILE.cross ?? []) if (rule.field !== 'clientSecret' && rule.refuses(held)) fail(messageText(rule.message, 'zh'));
  const name = text('name');
  const baseUrl = text('baseUrl');
  const tenantId = text('tenantId');
  const clientId = text('clientId');
  const colour = text('colour') || '#2EA300';
  if (!COLOUR_RE.test(colour)) fail('颜色必须是 #RRGGBB 格式');
  const language = p.language === 'en' ? 'en' : p.language === 'zh' || p.language === undefined ? 'zh' : fail('profile.language must be zh or en');
  const proxyUrl = text('proxyUrl');
  const caCert = text('caCert');
  const dialect: ApiDialect =
    p.dialect === undefined || p.dialect === '' || p.dialect === 'spec' ? 'spec'
      : p.dialect === 'bladex' || p.dialect === 'springblade' ? p.dialect
        : fail('后端接口类型必须是 spec、bladex 或 springblade');
  const publicKey = text('publicKey');
  return {
    id,
    name,
    baseUrl: baseUrl.replace(/\/+$/, ''),
    tenantId,
    clientId,
    colour,
    language,
    captchaMode: p.captchaMode !== false,
    switchMode: p.switchMode === true,
    builtin: false,
    ...(typeof p.aesKey === 'string' && Buffer.byteLength(p.aesKey) === 32 ? { aesKey: p.aesKey } : {}),
    ...(proxyUrl ? { proxyUrl } : {}),
    ...(caCert ? { caCert } : {}),
    ...(dialect !== 'spec' ? { dialect } : {}),
    ...(publicKey ? { publicKey } : {}),
  };
}

/** The PEM text of a profile's caCert: the value itself, or the file it names. Throws DeskError(400) when unreadable. */
export function readCaCert(caCert: string, read: (path: string) => string = (f) => readFileSync(f, 'utf8')): string {
  if (caCert.includes('-----BEGIN')) return caCert;
  let pem = '';
  try {
    pem = read(caCert);
  } catch {
    fail(`无法读取 CA 证书文件：${caCert}`);
  }
  if (!PEM_RE.test(pem)) fail(`CA 证书文件不是 PEM 格式：${caCert}`);
  return pem;
}

export class ProfileService {
  private readonly store: KeyValueStore;
  private localBaseUrl: string;
  private localAesKey: string | undefined;
  private localPublicKey: string | undefined;
  private readonly overrides: Partial<LocalEditable>;

  constructor(store: KeyValueStore, options: ProfileServiceOptions) {
    this.store = store;
    this.localBaseUrl = options.localBaseUrl;
    this.localAesKey = options.localAesKey;
    this.localPublicKey = options.localPublicKey;
    this.overrides = options.localOverrides ?? {};
  }

  /** The embedded back end started again (after 恢复): its URL and, from the restored database, its keys. */
  setLocalServer(server: { url: string; aesKey?: string; publicKey?: string }): void {
    this.localBaseUrl = server.url;
    this.localAesKey = server.aesKey;
    this.localPublicKey = server.publicKey;
  }

  /** The Local workspace first, then the saved profiles in the order they were added. */
  list(): Profile[] {
    return [this.local(), ...this.saved()];
  }

  get(id: string): Profile | undefined {
    return this.list().find((p) => p.id === id);
  }

  /**
   * Adds (no id, or an unknown one) or replaces a profile, after the checks the
   * form makes too: the shape, a unique name, a readable CA certificate. For
   * the Local workspace only the editable fields are kept (its URL, tenant and
   * client are not: a different value sent for them is ignored).
   */
  save(input: Partial<Profile>): Profile {
    if (!input || typeof input !== 'object') fail('profile must be an object');
    const name = typeof input.name === 'string' ? input.name.trim() : '';
    if (input.id === LOCAL_PROFILE_ID) {
      if (!name) fail('请输入配置名称');
      if (input.colour !== undefined && !COLOUR_RE.test(String(input.colour))) fail('颜色必须是 #RRGGBB 格式');
      this.checkUniqueName(name, LOCAL_PROFILE_ID);
      const edits: Partial<LocalEditable> = {};
      for (const k of LOCAL_EDITABLE) {
        if (input[k] !== undefined) (edits as Record<string, unknown>)[k] = k === 'name' ? name : input[k];
      }
      this.store.set(LOCAL_KEY, { ...this.storedLocal(), ...edits });
      return this.local();
    }
    const id = typeof input.id === 'string' && input.id ? input.id : newProfileId();
    const profile = validateProfile({ ...input, id });
    this.checkUniqueName(profile.name, id);
    if (profile.caCert) readCaCert(profile.caCert);
    const all = this.saved();
    const known = all.some((p) => p.id === profile.id);
    this.store.set(PROFILES_KEY, known ? all.map((p) => (p.id === profile.id ? profile : p)) : [...all, profile]);
    return profile;
  }

  /** A copy of a profile under a new id and the first free name "<name> (n)"; the Local workspace's copy is an ordinary profile. */
  duplicate(id: string): Profile {
    const source = this.get(id);
    if (!source) throw new DeskError(404, `no profile ${id}`);
    const names = new Set(this.list().map((p) => p.name.toLowerCase()));
    const base = source.name.replace(/ \(\d+\)$/, '');
    let n = 2;
    while (names.has(`${base} (${n})`.toLowerCase())) n++;
    const { builtin: _builtin, ...fields } = source;
    return this.save({ ...fields, id: newProfileId(), name: `${base} (${n})` });
  }

  remove(id: string): void {
    if (id === LOCAL_PROFILE_ID) throw new DeskError(400, '内置的本地配置不能删除');
    const all = this.saved();
    if (!all.some((p) => p.id === id)) throw new DeskError(404, `no profile ${id}`);
    this.store.set(PROFILES_KEY, all.filter((p) => p.id !== id));
  }

  private checkUniqueName(name: string, id: string): void {
    if (this.list().some((p) => p.id !== id && p.name.trim().toLowerCase() === name.toLowerCase())) fail(`配置名称“${name}”已存在`);
  }

  private local(): Profile {
    return { ...localProfileDefaults(this.localBaseUrl), ...this.storedLocal(), ...this.overrides,
      ...(this.localAesKey ? { aesKey: this.localAesKey } : {}),
      ...(this.localPublicKey ? { publicKey: this.localPublicKey } : {}),
    };
  }

  private storedLocal(): Partial<LocalEditable> {
    const v = this.store.get(LOCAL_KEY);
    if (!v || typeof v !== 'object') return {};
    const out: Partial<LocalEditable> = {};
    const o = v as Record<string, unknown>;
    if (typeof o.name === 'string' && o.name) out.name = o.name;
    if (typeof o.colour === 'string' && o.colour) out.colour = o.colour;
    if (o.language === 'zh' || o.language === 'en') out.language = o.language;
    if (typeof o.captchaMode === 'boolean') out.captchaMode = o.captchaMode;
    if (typeof o.switchMode === 'boolean') out.switchMode = o.switchMode;
    return out;
  }

  private saved(): Profile[] {
    const v = this.store.get(PROFILES_KEY);
    if (!Array.isArray(v)) return [];
    const out: Profile[] = [];
    for (const item of v) {
      try {
        const p = validateProfile(item);
        if (p.id !== LOCAL_PROFILE_ID) out.push(p);
      } catch {
        // a hand-edited, broken entry is skipped rather than breaking the list
      }
    }
    return out;
  }
}
