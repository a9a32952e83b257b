import { IconListNumbers } from '@tabler/icons-react';
import { LATER, PlaceholderPage } from '../components/placeholder-page.tsx';

export function EpisodesPage() {
  return (
    <PlaceholderPage
      icon={IconListNumbers}
      heading={'Results by topic'}
      description={"Each topic's share of correct answers, its hardest questions and how the answers were spread."}
      filledBy={LATER}
    />
  );
}
