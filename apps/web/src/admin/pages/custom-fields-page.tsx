import { IconForms } from '@tabler/icons-react';
import { ISSUE_4, PlaceholderPage } from '../components/placeholder-page.tsx';

export function CustomFieldsPage() {
  return (
    <PlaceholderPage
      icon={IconForms}
      heading={'Custom user fields'}
      description={
        'Fields of your own on every user (text, number, date, yes/no, a list of options), used in filters, imports, assignment rules and reports.'
      }
      filledBy={ISSUE_4}
    />
  );
}
