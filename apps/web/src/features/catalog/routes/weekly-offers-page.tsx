import { SearchableListing } from '../components/searchable-listing.tsx';
import { useCatalogText } from '../text.ts';

export default function WeeklyOffersPage() {
  const t = useCatalogText();
  return (
    <SearchableListing
      heading={t('listing.weeklyOffersHeading')}
      title={t('listing.weeklyOffersTitle')}
      listing="weeklyOffers"
    />
  );
}
