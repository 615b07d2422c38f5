import { CheckCircleFilled, CloseCircleOutlined, MinusOutlined } from '@ant-design/icons';
import { Flex, Progress, theme } from 'antd';
import { PASSWORD_CHECK_COUNT } from '../../model/constants';
import { PASSWORD_CHECKS, type PasswordCheck, type PasswordStrength, type StrengthLabel } from '../../model/auth/password';
import './auth.css';
import { AuthPageText } from '../../model/auth/auth-texts';

/**
 * Access §5: the strength meter with its label, and every requirement marked met or not met. Before
 * anything is typed (`strength` null) it says nothing: an empty bar, no label, the requirements unmarked.
 * Shared by migration, password change and restore, which all apply the same rule.
 */
export function PasswordStrengthMeter({ strength }: { strength: PasswordStrength | null }) {
  const { token } = theme.useToken();
  const colours: Record<StrengthLabel, string> = {
    Weak: token.colorError,
    Fair: token.colorWarning,
    Good: token.colorInfo,
    Strong: token.colorSuccess,
  };
  return (
    <div className="auth-strength">
      <Flex align="center" gap="small">
        <Progress
          aria-label={AuthPageText.passwordStrength}
          percent={strength ? (strength.score / PASSWORD_CHECK_COUNT) * 100 : 0}
          steps={PASSWORD_CHECK_COUNT}
          showInfo={false}
          strokeColor={strength ? colours[strength.label] : undefined}
        />
        {strength ? (
          <span>
            {AuthPageText.passwordStrength}: {strength.label}
          </span>
        ) : null}
      </Flex>
      <ul aria-label={AuthPageText.passwordRequirements} className="auth-requirements">
        {PASSWORD_CHECKS.map((check) => (
          <Requirement key={check.key} check={check} met={strength ? strength.passed.includes(check.key) : null} />
        ))}
      </ul>
    </div>
  );
}

/** One requirement; `met` null while nothing is typed, so nothing is called unmet yet. */
function Requirement({ check, met }: { check: PasswordCheck; met: boolean | null }) {
  const icon =
    met === null ? (
      <MinusOutlined aria-hidden />
    ) : met ? (
      <CheckCircleFilled aria-label={AuthPageText.requirementMet} />
    ) : (
      <CloseCircleOutlined aria-label={AuthPageText.requirementUnmet} />
    );
  return (
    <li className={met ? 'auth-requirement-met' : 'auth-requirement'}>
      {icon} {check.message}
    </li>
  );
}
