import { ChangePasswordForm } from '../auth/ChangePasswordForm';
import { useChangeOwnPassword } from '../auth/useChangeOwnPassword';

/** Change password from the profile, as the system menu's modal does (useChangeOwnPassword). */
export function PasswordTab({ username }: { username: string }) {
  const { form, submitting, submit } = useChangeOwnPassword(username);
  return (
    <div data-testid="profile-password" style={{ maxWidth: 520 }}>
      <ChangePasswordForm
        form={form}
        username={username}
        submitting={submitting}
        onSubmit={submit}
        onCancel={() => form.resetFields(['oldPassword', 'newPassword', 'confirmPassword'])}
      />
    </div>
  );
}
