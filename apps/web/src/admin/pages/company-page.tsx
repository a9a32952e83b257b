import { IconBuilding } from '@tabler/icons-react';
import { LATER, PlaceholderPage } from '../components/placeholder-page.tsx';

export function CompanyPage() {
  return (
    <PlaceholderPage
      icon={IconBuilding}
      heading={"The company's settings"}
      description={'Name, department label, logout address, question reports, suspension, logo and branding.'}
      filledBy={LATER}
    />
  );
}
