import { SearchableListing } from '../components/searchable-listing.tsx';
import { useCatalogText } from '../text.ts';

export default function TopPicksPage() {
  const t = useCatalogText();
  return (
    <SearchableListing
      heading={t('listing.topPicksHeading')}
      title={t('listing.topPicksTitle')}
      listing="topPicks"
    />
  );
}
