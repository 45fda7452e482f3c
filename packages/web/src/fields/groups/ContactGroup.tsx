import { CHECKS } from '@circula/model';
import { Row } from 'antd';
import { TextCell, textOf, type GroupPartProps } from './group-parts';

/** Contact (spec §3): email, phone, mobile, fax, website. */
export function ContactGroup(part: GroupPartProps) {
  const email = textOf(part.value, 'email');
  const emailError = email !== '' && !CHECKS.email!(email) ? 'FIELDS.ERRORS.INVALID_EMAIL' : null;
  return (
    <Row gutter={12}>
      <TextCell part={part} name="email" units={3} max={200} error={emailError} transform={(t) => t.trim()} />
      <TextCell part={part} name="phone" units={2} max={50} />
      <TextCell part={part} name="mobile" units={2} max={50} />
      <TextCell part={part} name="fax" units={2} max={50} />
      <TextCell part={part} name="website" units={3} max={300} />
    </Row>
  );
}
