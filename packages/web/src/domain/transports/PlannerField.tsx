import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The server's messages (ERRORS.{code}), translated; an unknown code is shown as it is. */
export function ErrorMessages({ messages, testId, type = 'danger' }: { messages: readonly string[] | undefined; testId?: string; type?: 'danger' | 'warning' }) {
  const { t } = useTranslation();
  if (!messages?.length) return null;
  return (
    <Flex vertical role={type === 'danger' ? 'alert' : undefined} data-testid={testId}>
      {messages.map((message) => (
        <Typography.Text key={message} type={type} style={{ fontSize: 12 }} data-error={message}>
          {t(`ERRORS.${message}`, { defaultValue: message })}
        </Typography.Text>
      ))}
    </Flex>
  );
}

/**
 * A labelled control of the planner: the label names the control (`htmlFor` = the control's id),
 * the server's errors on it are shown below it.
 */
export function PlannerField({
  id,
  label,
  required,
  errors,
  extra,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  errors?: readonly string[] | undefined;
  /** Shown under the control, before the errors (a vehicle's payload). */
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Flex vertical gap={2} data-testid={`planner-field-${id}`} style={{ marginBottom: 8 }}>
      <span>
        {required && (
          <span aria-hidden style={{ color: '#ff4d4f', marginRight: 4 }}>
            *
          </span>
        )}
        <label htmlFor={id} style={{ fontWeight: 500 }}>
          {label}
        </label>
      </span>
      {children}
      {extra}
      <ErrorMessages messages={errors} testId={`planner-errors-${id}`} />
    </Flex>
  );
}
