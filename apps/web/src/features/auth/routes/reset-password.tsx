import { useParams } from 'react-router';
import { AuthHeading } from '../components/auth-heading';
import { ResetPasswordForm } from '../components/reset-password-form';

export function ResetPasswordRoute() {
  const { uid = '', token = '' } = useParams();
  return (
    <>
      <AuthHeading title="Choose a new password" description="Pick a password you do not use anywhere else." />
      <ResetPasswordForm uid={uid} token={token} />
    </>
  );
}

export default ResetPasswordRoute;
