/**
 * A colour as licensee configurations store it: #rrggbb. Its own module so that the contract (which checks stored
 * colours) and the branding defaults (which fall back when a colour is not one) need not import each other.
 */
export const COLOUR_PATTERN = /^#[0-9a-fA-F]{6}$/;
