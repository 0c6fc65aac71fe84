// The social networks a shop may link to, and their names. Apart from the settings' schemas so the
// shop's footer, on every page, does not carry zod in its first load.
export const SOCIAL_NETWORKS = ['facebook', 'instagram', 'x', 'tiktok', 'whatsapp'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
export const SOCIAL_LABELS: Record<SocialNetwork, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  x: 'X',
  tiktok: 'TikTok',
  whatsapp: 'WhatsApp',
};
