import { CheckCircleFilled, CloseCircleOutlined } from '@ant-design/icons';
import { Flex, Progress, theme } from 'antd';
import { PASSWORD_CHECK_COUNT } from '../../model/constants';
import { AuthPageText } from '../../model/messages';
import { PASSWORD_CHECKS, type PasswordStrength, type StrengthLabel } from '../../model/password';

/** Access §5: the strength meter with its label, and every requirement marked met or not met. */
export function PasswordStrengthMeter({ strength }: { strength: PasswordStrength }) {
  const { token } = theme.useToken();
  const colours: Record<StrengthLabel, string> = {
    Weak: token.colorError,
    Fair: token.colorWarning,
    Good: token.colorInfo,
    Strong: token.colorSuccess,
  };
  return (
    <div style={{ marginTop: token.marginXS }}>
      <Flex align="center" gap="small">
        <Progress
          aria-label={AuthPageText.passwordStrength}
          percent={(strength.score / PASSWORD_CHECK_COUNT) * 100}
          steps={PASSWORD_CHECK_COUNT}
          showInfo={false}
          strokeColor={colours[strength.label]}
        />
        <span>
          {AuthPageText.passwordStrength}: {strength.label}
        </span>
      </Flex>
      <ul aria-label={AuthPageText.passwordRequirements} style={{ listStyle: 'none', padding: 0, margin: `${token.marginXS}px 0 0` }}>
        {PASSWORD_CHECKS.map(({ key, message }) => {
          const met = strength.passed.includes(key);
          return (
            <li key={key} style={{ color: met ? token.colorSuccess : token.colorTextSecondary }}>
              {met ? (
                <CheckCircleFilled aria-label={AuthPageText.requirementMet} />
              ) : (
                <CloseCircleOutlined aria-label={AuthPageText.requirementUnmet} />
              )}{' '}
              {message}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
