// JwtService remembers tokens whose signature checked out; a remembered token must answer exactly as a
// fresh verification would: expiry and not-before against the clock, the wanted type, a changed byte refused.
import { describe, expect, it } from 'vitest';
import { JwtService, type AccessClaims } from '../../../src-server/auth/jwt';

const claims: AccessClaims = {
  token_type: 'access_token',
  tenant_id: '000000',
  user_id: '1',
  dept_id: '1',
  role_id: '1',
  role_name: 'administrator',
  account: 'admin',
  user_name: 'admin',
  nick_name: 'admin',
  real_name: 'admin',
  client_id: 'saber',
  sid: 's1',
};

describe('JwtService', () => {
  it('answers a remembered token as a fresh verification would, until the second it expires', async () => {
    let now = Date.UTC(2026, 10, 27, 0, 0, 0);
    const jwt = new JwtService('a secret of this install', () => now);
    const fresh = new JwtService('a secret of this install', () => now);
    const token = await jwt.sign(claims, 60);
    expect(await jwt.verify(token, 'access_token')).toMatchObject({ user_id: '1', sid: 's1' });
    now += 59_999; // still inside the 60 s
    expect(await jwt.verify(token, 'access_token')).toMatchObject({ user_id: '1' });
    expect(await fresh.verify(token, 'access_token')).toMatchObject({ user_id: '1' });
    now += 1; // now == exp: expired, for jose and for the remembered token alike
    expect(await fresh.verify(token, 'access_token')).toBeNull();
    expect(await jwt.verify(token, 'access_token')).toBeNull();
    now -= 1_000; // the clock set back: verified again from scratch, valid again as jose says
    expect(await jwt.verify(token, 'access_token')).toMatchObject({ user_id: '1' });
  });

  it('is not valid before its time, refuses another type and any changed byte, and another secret', async () => {
    let now = Date.UTC(2026, 10, 27, 0, 0, 0);
    const jwt = new JwtService('secret one', () => now);
    const token = await jwt.sign(claims, 60);
    expect(await jwt.verify(token, 'access_token')).not.toBeNull();
    expect(await jwt.verify(token, 'refresh_token')).toBeNull();
    now -= 1_000; // before nbf (= iat)
    expect(await jwt.verify(token, 'access_token')).toBeNull();
    now += 1_000;
    const [head, body, sig] = token.split('.');
    const flipped = `${head}.${body}.${sig!.slice(0, -2)}${sig!.slice(-2) === 'AA' ? 'AB' : 'AA'}`;
    expect(await jwt.verify(flipped, 'access_token')).toBeNull();
    expect(await new JwtService('secret two', () => now).verify(token, 'access_token')).toBeNull();
    expect(await jwt.verify(token, 'access_token')).not.toBeNull();
  });
});
