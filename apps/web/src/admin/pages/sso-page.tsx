import { IconKey } from '@tabler/icons-react';
import { LATER, PlaceholderPage } from '../components/placeholder-page.tsx';

export function SsoPage() {
  return (
    <PlaceholderPage
      icon={IconKey}
      heading={'Sign-in through your identity provider'}
      description={
        "SAML 2.0: Heed's metadata to hand over, your provider's metadata, attribute mapping, creating users at first sign-in, and a test sign-in."
      }
      filledBy={LATER}
    />
  );
}
