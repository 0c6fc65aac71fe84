import { SearchableListing } from '../components/searchable-listing.tsx';

export default function WeeklyOffersPage() {
  return (
    <SearchableListing
      heading="Explore our Weekly Offers"
      title="Weekly Offers"
      listing="weeklyOffers"
    />
  );
}
