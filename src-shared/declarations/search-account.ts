// 账号设置 (the tenant's search-engine accounts, POST /seo-blade-search/account/submit; issue 36): its endpoints
// and API roots (http(s), empty: the public service), the Bing key and the Google service-account key, declared
// once. The dialog (src-renderer/screens/content/search/AccountDialog.tsx) reads it, and the route judges the same
// (src-server/modules/content/search/connection-resources.ts accountColumns). A secret left empty or sent as the
// mask keeps the stored one: it is not judged. Whether the private key can sign stays on the server (it needs the
// crypto of the server), after these.
import type { TextParams } from '../messages';
import { isEmpty, maxLength, pattern, text, type CrossRule, type FieldDecl, type InputDecl } from './declare';
import { HTTP_URL } from './search';
import { SECRET_MASK } from '../wire';

/** a Bing Webmaster API key (32 hex characters today) */
export const BING_KEY = /^[A-Za-z0-9_-]{8,200}$/;

type KeyProblem =
  | 'searchAccount.keyNotJson'
  | 'searchAccount.keyNotObject'
  | 'searchAccount.notServiceAccount'
  | 'searchAccount.notServiceAccountType'
  | 'searchAccount.keyNoEmail'
  | 'searchAccount.keyNoPrivateKey'
  | 'searchAccount.keyBadTokenUri';

/** The service account a key holds: its fields as the server signs with them. */
export interface ServiceAccountFields {
  clientEmail: string;
  privateKey: string;
  privateKeyId: string;
  tokenUri: string;
  projectId: string;
}

/** A pasted key read: its account, or the first thing wrong with it (a message key and its values). */
export function readServiceAccount(raw: string): { account: ServiceAccountFields } | { problem: KeyProblem; params?: TextParams } {
  let r: Record<string, unknown>;
  try {
    const parsed = JSON.parse(raw) as unknown;
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return { problem: 'searchAccount.keyNotObject' };
    r = parsed as Record<string, unknown>;
  } catch (e) {
    return { problem: 'searchAccount.keyNotJson', params: { detail: (e as Error).message.slice(0, 160) } };
  }
  if (r.type !== 'service_account') {
    return r.type ? { problem: 'searchAccount.notServiceAccountType', params: { type: String(r.type).slice(0, 40) } } : { problem: 'searchAccount.notServiceAccount' };
  }
  const clientEmail = typeof r.client_email === 'string' ? r.client_email.trim() : '';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(clientEmail)) return { problem: 'searchAccount.keyNoEmail' };
  const privateKey = typeof r.private_key === 'string' ? r.private_key : '';
  if (!/-----BEGIN PRIVATE KEY-----[\s\S]+-----END PRIVATE KEY-----/.test(privateKey)) return { problem: 'searchAccount.keyNoPrivateKey' };
  const tokenUri = typeof r.token_uri === 'string' && r.token_uri ? r.token_uri : 'https://oauth2.googleapis.com/token';
  if (!/^https?:\/\/\S+$/.test(tokenUri)) return { problem: 'searchAccount.keyBadTokenUri' };
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  return { account: { clientEmail, privateKey, privateKeyId: str(r.private_key_id), tokenUri, projectId: str(r.project_id) } };
}

/** a key to judge: not empty and not the mask (either keeps the stored one) */
const given = (v: unknown): v is string => typeof v === 'string' && !isEmpty(v) && v.trim() !== SECRET_MASK;
const problemOf = (v: unknown) => {
  if (!given(v)) return null;
  const read = readServiceAccount(v.trim());
  return 'problem' in read ? read : null;
};
const PEM = '-----BEGIN PRIVATE KEY-----\nMIIB\n-----END PRIVATE KEY-----';
/** one cross rule per thing a key can get wrong (at most one refuses a key), with a key it refuses */
const keyRule = (message: KeyProblem, refused: string): CrossRule => ({
  field: 'googleKey',
  reads: [],
  message,
  refuses: (v) => problemOf(v.googleKey)?.problem === message,
  params: (v) => problemOf(v.googleKey)?.params ?? {},
  refused: { googleKey: refused },
});

const url = (message: 'searchAccount.indexnowEndpoint' | 'searchAccount.baiduEndpoint' | 'searchAccount.googleApiRoot' | 'searchAccount.bingApiRoot'): FieldDecl =>
  ({ ...text(maxLength(500, 'searchAccount.urlMax'), pattern(HTTP_URL, message)), example: 'https://api.example.com/' });

export const SEARCH_ACCOUNT: InputDecl = {
  name: 'searchAccount',
  judge: { route: '/seo-blade-search/account/submit', send: 'json' },
  fields: {
    indexnowEndpoint: url('searchAccount.indexnowEndpoint'),
    baiduEndpoint: url('searchAccount.baiduEndpoint'),
    googleApiRoot: url('searchAccount.googleApiRoot'),
    bingApiRoot: url('searchAccount.bingApiRoot'),
    googleKey: { ...text(maxLength(20_000, 'searchAccount.googleKeyMax')), example: JSON.stringify({ type: 'service_account', client_email: 'a@b.example', private_key: PEM }) },
    bingApiKey: { ...text(pattern(BING_KEY, 'searchAccount.bingApiKey')), example: 'abcdef0123456789' },
  },
  cross: [
    keyRule('searchAccount.keyNotJson', '{not json'),
    keyRule('searchAccount.keyNotObject', '[1]'),
    keyRule('searchAccount.notServiceAccount', '{"project_id":"p"}'),
    keyRule('searchAccount.notServiceAccountType', '{"type":"authorized_user"}'),
    keyRule('searchAccount.keyNoEmail', '{"type":"service_account"}'),
    keyRule('searchAccount.keyNoPrivateKey', '{"type":"service_account","client_email":"a@b.example"}'),
    keyRule('searchAccount.keyBadTokenUri', JSON.stringify({ type: 'service_account', client_email: 'a@b.example', private_key: PEM, token_uri: 'ftp://x' })),
  ],
};

export const SEARCH_INPUTS: readonly InputDecl[] = [SEARCH_ACCOUNT];
