// Reviews for the demo catalogue, written from templates so that each product's average matches
// the quality its seed asks for.
import type { Random } from './random.ts';

const FIRST_NAMES = [
  'Wanjiru',
  'Otieno',
  'Achieng',
  'Kamau',
  'Njeri',
  'Mutua',
  'Chebet',
  'Kiprop',
  'Wambui',
  'Omondi',
  'Akinyi',
  'Mwangi',
  'Nyambura',
  'Kipchoge',
  'Atieno',
  'Maina',
  'Zawadi',
  'Baraka',
  'Amina',
  'Hassan',
  'Wairimu',
  'Ochieng',
  'Jepkosgei',
  'Karanja',
  'Nafula',
  'Wekesa',
  'Halima',
  'Mumbua',
  'Kioko',
  'Nekesa',
] as const;
const LAST_NAMES = [
  'Kariuki',
  'Odhiambo',
  'Njoroge',
  'Wafula',
  'Cheruiyot',
  'Mutiso',
  'Gathoni',
  'Owino',
  'Kiplagat',
  'Muthoni',
  'Abdi',
  'Ndungu',
  'Onyango',
  'Rotich',
  'Kilonzo',
  'Barasa',
  'Mohamed',
  'Kimani',
  'Langat',
  'Wanyama',
] as const;

const COMMENTS: Record<number, readonly string[]> = {
  5: [
    'Excellent quality, exactly as described. Delivery to Nairobi was quick.',
    'Worth every shilling. I would buy again.',
    'Very happy with this purchase, my family loves it.',
    'Top quality and well packed. Arrived in Kisumu in three days.',
    'Better than I expected for the price. Highly recommended.',
    'Genuine product and great service from Duka.',
  ],
  4: [
    'Good value for money. Packaging could be better.',
    'Works well, delivery took a day longer than promised.',
    'Nice product, does what it says. Happy overall.',
    'Solid quality. I took off one star for the slightly different colour.',
  ],
  3: [
    'It is okay for the price, nothing special.',
    'Average quality. Does the job.',
    'Decent, but I expected a bit more.',
  ],
  2: [
    'Not great. The finish is poorer than in the pictures.',
    'Took long to arrive and the quality is just fair.',
  ],
  1: ['Disappointed. I am returning it.', 'Did not meet my expectations at all.'],
};

export interface ReviewDraft {
  reviewerName: string;
  reviewerEmail: string;
  rating: number;
  comment: string;
  daysAfterListing: number;
}

/** Stars whose average is the quality asked for (never above 4.8 unless the quality is). */
export function starsFor(quality: number, count: number, random: Random): number[] {
  if (count === 0) return [];
  if (quality >= 4.9) {
    const stars = Array<number>(count).fill(5);
    if (quality < 5 && count >= 8) stars[random.int(0, count - 1)] = 4;
    return stars;
  }
  let sum = Math.round(quality * count);
  sum = Math.min(sum, Math.floor(4.8 * count), 5 * count);
  sum = Math.max(sum, count);
  const base = Math.floor(sum / count);
  const stars = Array.from({ length: count }, (_, i) => base + (i < sum - base * count ? 1 : 0));
  // Spread the stars a little (keeping the sum) so that not every review reads the same.
  for (let i = 0; i < count; i++) {
    const a = random.int(0, count - 1);
    const b = random.int(0, count - 1);
    if (a !== b && stars[a]! < 5 && stars[b]! > 1 && random.next() < 0.3) {
      stars[a]! += 1;
      stars[b]! -= 1;
    }
  }
  return stars;
}

export function reviewDrafts(quality: number, count: number, random: Random): ReviewDraft[] {
  return starsFor(quality, count, random).map((rating) => {
    const first = random.pick(FIRST_NAMES);
    const last = random.pick(LAST_NAMES);
    return {
      reviewerName: `${first} ${last}`,
      reviewerEmail: `${first}.${last}${random.int(1, 99)}@example.co.ke`.toLowerCase(),
      rating,
      comment: random.pick(COMMENTS[rating]!),
      daysAfterListing: random.int(1, 60),
    };
  });
}
