/** A role's name in the current language; unknown authority strings are shown as they are. */
export function roleLabel(role: string, t: (key: string, options?: { defaultValue?: string }) => string): string {
  return t(`ROLES.${role}`, { defaultValue: role });
}
