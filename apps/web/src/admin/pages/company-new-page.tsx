import { IconBuildingPlus } from '@tabler/icons-react';
import { LATER, PlaceholderPage } from '../components/placeholder-page.tsx';

export function CompanyNewPage() {
  return (
    <PlaceholderPage
      icon={IconBuildingPlus}
      heading={'Add a company'}
      description={
        'Create a client company: its name, department label, logout address, question reports and branding.'
      }
      filledBy={LATER}
    />
  );
}
