import { describe, expect, it } from 'vitest';
import { COMPANY_PATH, companyPath, landingPath, roleGuard } from './navigation.js';

const user = (...authorities: string[]) => ({ authorities });

describe('landingPath', () => {
  it('sends owners to rdr, FIR verifiers to transport and everyone else to the dashboard', () => {
    expect(landingPath(user('ROLE_OWNER', 'ACCESS_BACKOFFICE'))).toBe('/rdr');
    expect(landingPath(user('ROLE_FIR_VERIFIER', 'ACCESS_BACKOFFICE'))).toBe('/transport');
    expect(landingPath(user('ROLE_MANAGER', 'ACCESS_BACKOFFICE'))).toBe('/dashboard');
    expect(landingPath(user('ROLE_ADMIN'), '/home')).toBe('/home');
  });
});

describe('roleGuard', () => {
  it('sends ON_BOARD users to registration', () => {
    expect(roleGuard(user('ON_BOARD'), '/dashboard')).toEqual({ kind: 'redirect', to: '/registration' });
  });
  it('lets ON_BOARD users stay on registration and sends others away from it', () => {
    expect(roleGuard(user('ON_BOARD'), '/registration')).toEqual({ kind: 'allow' });
    expect(roleGuard(user('ACCESS_BACKOFFICE'), '/registration')).toEqual({ kind: 'redirect', to: '/' });
  });
  it('needs ACCESS_BACKOFFICE or ROLE_ADMIN, else logs out', () => {
    expect(roleGuard(user('ACCESS_BACKOFFICE'), '/rdr')).toEqual({ kind: 'allow' });
    expect(roleGuard(user('ROLE_ADMIN'), '/rdr')).toEqual({ kind: 'allow' });
    expect(roleGuard(user('ROLE_CUSTOMER'), '/rdr')).toEqual({ kind: 'logout' });
  });
});

describe('companyPath', () => {
  it('goes to requester/{id}: the root id of the first subject if present, else the user subject id', () => {
    expect(companyPath({ subjectId: 5, subjects: [{ id: 7, rootId: 3 }] })).toBe('/requester/3');
    expect(companyPath({ subjectId: 5, subjects: [{ id: 7, rootId: null }] })).toBe('/requester/5');
    expect(companyPath({ subjectId: 5, subjects: [] })).toBe('/requester/5');
  });
  it('opens the company of the DEFAULT business unit for a user linked to no subject', () => {
    expect(companyPath({ subjectId: null, subjects: [] })).toBe(COMPANY_PATH);
    expect(companyPath({ subjectId: null, subjects: [{ id: 7, rootId: null }] })).toBe(COMPANY_PATH);
  });
});
