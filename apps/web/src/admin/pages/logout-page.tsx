import { useEffect } from 'react';
import { Splash } from '../../components/splash.tsx';
import { signOut } from '../app/sign-out.ts';

/** /logout (spec §2): signs out, then the browser goes to the logout address. */
export function LogoutPage() {
  useEffect(() => {
    void signOut();
  }, []);
  return <Splash label="Signing out…" />;
}
