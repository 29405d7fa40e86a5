import { TextLink } from '@/components/ui/link';
import { paths } from '@/config/paths';
import { AuthHeading } from '../components/auth-heading';
import { ForgotPasswordForm } from '../components/forgot-password-form';

export function ForgotPasswordRoute() {
  return (
    <>
      <AuthHeading
        title="Reset your password"
        description="Enter the email address of your account and we will send you a link to choose a new password."
      />
      <ForgotPasswordForm />
      <p className="mt-6 text-center text-sm">
        <TextLink to={paths.auth.login.getHref()}>Back to sign in</TextLink>
      </p>
    </>
  );
}

export default ForgotPasswordRoute;
