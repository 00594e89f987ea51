/** The configuration key holding the id of the venue's hero image (the top of the order page). */
export const HERO_IMAGE_KEY = 'hero_image_id';
