/** The admin commands' work: add (a new token, returned once), list, revoke. */
import type { GatewayState, UserRecord } from './state/state.ts';
import { newToken, tokenHash } from './tokens.ts';

const NAME = /^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$/;

/** Adds an analyst (or gives one a new token, revoking the old): returns the token, which is stored only hashed. */
export async function addUser(state: GatewayState, name: string, share: number): Promise<string> {
  if (!NAME.test(name)) throw new Error(`Invalid analyst name ${JSON.stringify(name)}: 1-64 letters, digits, ".", "_", "@" or "-", starting with a letter or digit.`);
  if (!(share > 0 && share <= 1)) throw new Error(`Invalid share ${share}: a part of what is left, above 0 and at most 1 (0.5 = half).`);
  const token = newToken();
  await state.putUser({ name, tokenHash: tokenHash(token), share, createdAt: new Date().toISOString() });
  return token;
}

export async function listUsers(state: GatewayState): Promise<Array<Omit<UserRecord, 'tokenHash'>>> {
  return (await state.listUsers()).map(({ tokenHash: _h, ...rest }) => rest);
}

export async function revokeUser(state: GatewayState, name: string): Promise<boolean> {
  return state.removeUser(name);
}
