import { Button } from 'antd';
import { Link } from 'wouter';
import { Paths } from '../../model/navigation';
import { AuthCard } from './auth-card';

/** Signed-out screens that the access work builds in full; until then each shows its title only. */

export function ForgotPasswordView() {
  return <AuthCard title="Forgot password" footer={<BackToSignIn />} />;
}

export function RestorePasswordView() {
  return <AuthCard title="Restore password" footer={<BackToSignIn />} />;
}

export function MigrateView() {
  return <AuthCard title="Complete Account Migration" />;
}

function BackToSignIn() {
  return (
    <Link href={Paths.signIn} asChild>
      <Button type="link" block>
        Back to Sign In
      </Button>
    </Link>
  );
}
