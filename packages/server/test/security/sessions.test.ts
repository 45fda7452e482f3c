import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, type TestApp } from '../support/test-app.js';
import { caller, refreshStatus, whoamiStatus, type Call } from './support.js';

const SESSIONS = '/api/security/sessions';
const OWN = '/api/auth/sessions';

interface Session {
  id: string;
  userId: number;
  username: string;
  active: boolean;
  revokedReason: string | null;
  current?: boolean;
}

describe('security API: sessions', () => {
  let t: TestApp;
  let admin: Call;

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await caller(t.app, 'admin')).call;
  });
  afterAll(() => t.close());

  const sessionOf = async (token: string) => {
    const res = await as(t.app, token)({ method: 'GET', url: OWN });
    return (res.json().data.items as Session[]).find((s) => s.current)!;
  };

  describe('administration', () => {
    it('lists sessions newest first with the documented shape, filtered by user and activity', async () => {
      const first = await caller(t.app, 'owner');
      const second = await caller(t.app, 'owner');
      const res = await admin({ method: 'GET', url: `${SESSIONS}?userId=${first.user.id}` });
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data).toMatchObject({ total: 2, page: 0, size: 20 });
      const [newest, oldest] = data.items as Session[];
      expect(newest!.id).toBe((await sessionOf(second.user.token)).id);
      expect(oldest!.id).toBe((await sessionOf(first.user.token)).id);
      expect(Object.keys(newest!).sort()).toEqual(
        ['active', 'address', 'createdAt', 'expiresAt', 'id', 'lastSeenAt', 'revokedAt', 'revokedReason', 'userAgent', 'userId', 'username'].sort(),
      );
      expect(newest).toMatchObject({ userId: first.user.id, username: 'owner', active: true, revokedAt: null, revokedReason: null });

      await as(t.app, first.user.token)({ method: 'POST', url: '/api/auth/logout' });
      const active = (await admin({ method: 'GET', url: `${SESSIONS}?userId=${first.user.id}&active=true` })).json().data;
      expect(active.items.map((s: Session) => s.id)).toEqual([newest!.id]);
      const ended = (await admin({ method: 'GET', url: `${SESSIONS}?userId=${first.user.id}&active=false` })).json().data;
      expect(ended.items).toMatchObject([{ id: oldest!.id, active: false, revokedReason: 'LOGOUT' }]);
      const all = (await admin({ method: 'GET', url: `${SESSIONS}?size=1000` })).json().data;
      expect(all.total).toBeGreaterThanOrEqual(3);
      const created = all.items.map((s: { createdAt: string }) => Date.parse(s.createdAt));
      expect(created).toEqual([...created].sort((a, b) => b - a));
    });

    it('counts an expired session as inactive', async () => {
      const s = await caller(t.app, 'customer');
      const id = (await sessionOf(s.user.token)).id;
      await t.db.updateTable('sessions').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', id).execute();
      const res = (await admin({ method: 'GET', url: `${SESSIONS}?userId=${s.user.id}&active=false` })).json().data;
      expect(res.items).toMatchObject([{ id, active: false, revokedReason: null }]);
    });

    it('revoking a session stops its access token at once and refuses its refresh token', async () => {
      const victim = await caller(t.app, 'operator');
      const bystander = await caller(t.app, 'operator');
      const id = (await sessionOf(victim.user.token)).id;
      const res = await admin({ method: 'PUT', url: `${SESSIONS}/${id}/revoke` });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ id, active: false, revokedReason: 'REVOKED_BY_ADMIN', username: 'operator' });
      expect(res.json().data.revokedAt).not.toBeNull();
      expect(await whoamiStatus(t.app, victim.user.token)).toBe(401);
      expect(await refreshStatus(t.app, victim.user.refreshToken)).toBe(401);
      // only that session
      expect(await whoamiStatus(t.app, bystander.user.token)).toBe(200);
      // revoking again answers the session as it is
      const again = await admin({ method: 'PUT', url: `${SESSIONS}/${id}/revoke` });
      expect(again.statusCode).toBe(200);
      expect(again.json().data.revokedReason).toBe('REVOKED_BY_ADMIN');
    });

    it('answers 404 for an unknown session and 400 for malformed ids or filters, never 500', async () => {
      expect((await admin({ method: 'PUT', url: `${SESSIONS}/${randomUUID()}/revoke` })).statusCode).toBe(404);
      for (const id of ['not-a-uuid', '1', "x'%20or%20'1'='1", '00000000-0000-0000-0000-00000000000g']) {
        expect((await admin({ method: 'PUT', url: `${SESSIONS}/${id}/revoke` })).statusCode, id).toBe(400);
      }
      for (const query of ['userId=abc', 'userId=-1', 'active=maybe', 'size=5000', 'page=x']) {
        const res = await admin({ method: 'GET', url: `${SESSIONS}?${query}` });
        expect(res.statusCode, query).toBe(400);
        expect(res.json().errorCode).toBe('CONSTRAINT_VIOLATION');
      }
    });

    it('a manager gets 403 on sessions', async () => {
      const { call: manager } = await caller(t.app, 'manager');
      const target = await caller(t.app, 'verifier');
      const id = (await sessionOf(target.user.token)).id;
      expect((await manager({ method: 'GET', url: SESSIONS })).statusCode).toBe(403);
      expect((await manager({ method: 'PUT', url: `${SESSIONS}/${id}/revoke` })).statusCode).toBe(403);
      expect(await whoamiStatus(t.app, target.user.token)).toBe(200);
    });
  });

  describe("one's own sessions", () => {
    it('lists only the caller’s sessions and marks the current one', async () => {
      const a = await caller(t.app, 'logistic');
      const b = await caller(t.app, 'logistic');
      await caller(t.app, 'owner');
      const res = await b.call({ method: 'GET', url: `${OWN}?active=true` });
      expect(res.statusCode).toBe(200);
      const items = res.json().data.items as Session[];
      expect(items.length).toBe(2);
      expect(new Set(items.map((s) => s.userId))).toEqual(new Set([b.user.id]));
      expect(items.filter((s) => s.current)).toHaveLength(1);
      expect(items[0]).toMatchObject({ current: true });
      expect((await sessionOf(a.user.token)).id).toBe(items[1]!.id);
    });

    it('revokes one of the caller’s sessions; the other keeps working', async () => {
      const phone = await caller(t.app, 'onboard');
      const laptop = await caller(t.app, 'onboard');
      const phoneSession = await sessionOf(phone.user.token);
      const res = await laptop.call({ method: 'PUT', url: `${OWN}/${phoneSession.id}/revoke` });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ id: phoneSession.id, active: false, current: false, revokedReason: 'REVOKED_BY_USER' });
      expect(await whoamiStatus(t.app, phone.user.token)).toBe(401);
      expect(await refreshStatus(t.app, phone.user.refreshToken)).toBe(401);
      expect(await whoamiStatus(t.app, laptop.user.token)).toBe(200);
      // the current one too: that is a sign-out
      const current = await sessionOf(laptop.user.token);
      const self = await laptop.call({ method: 'PUT', url: `${OWN}/${current.id}/revoke` });
      expect(self.json().data).toMatchObject({ current: true, active: false });
      expect(await whoamiStatus(t.app, laptop.user.token)).toBe(401);
    });

    it("answers 404 for someone else's session and leaves it alone", async () => {
      const victim = await caller(t.app, 'owner');
      const attacker = await caller(t.app, 'customer');
      const victimSession = await sessionOf(victim.user.token);
      const res = await attacker.call({ method: 'PUT', url: `${OWN}/${victimSession.id}/revoke` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ errorCode: 'NOT_FOUND', errorMessage: 'NOT_FOUND' });
      expect(await whoamiStatus(t.app, victim.user.token)).toBe(200);
      expect((await attacker.call({ method: 'PUT', url: `${OWN}/${randomUUID()}/revoke` })).statusCode).toBe(404);
      expect((await attacker.call({ method: 'PUT', url: `${OWN}/nope/revoke` })).statusCode).toBe(400);
      // userId is not a filter of one's own list: someone else's sessions never show
      const list = await attacker.call({ method: 'GET', url: `${OWN}?userId=${victim.user.id}` });
      expect((list.json().data.items as Session[]).every((s) => s.userId === attacker.user.id)).toBe(true);
    });

    it('needs a signed-in user', async () => {
      expect((await t.app.inject({ method: 'GET', url: OWN })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'PUT', url: `${OWN}/${randomUUID()}/revoke` })).statusCode).toBe(401);
    });
  });
});
