import { SearchableListing } from '../components/searchable-listing.tsx';

export default function TopPicksPage() {
  return <SearchableListing heading="Top Picks" title="Top Picks" listing="topPicks" />;
}
