import { Alert, Button } from 'antd';
import { Link } from 'wouter';
import { Paths } from '../../model/shell/navigation';
import './auth.css';
import { AuthPageText } from '../../model/auth/auth-texts';

/** Access §2: the way back from the forgot and restore pages, a link that works whatever the form is doing. */
export function BackToSignIn() {
  return (
    <Link href={Paths.signIn} asChild>
      <Button type="link" block>
        {AuthPageText.backToSignIn}
      </Button>
    </Link>
  );
}

/** The outcome of a signed-out form: what went wrong, or the success that precedes the redirect. */
export function FormOutcome({ error, success }: { error: string | null; success: string | null }) {
  if (success) return <Alert type="success" title={success} showIcon className="auth-outcome" />;
  if (error) return <Alert type="error" title={error} showIcon className="auth-outcome" />;
  return null;
}
