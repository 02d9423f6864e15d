// Where each Get Directions choice goes (docs/product.md section 2). Every choice searches by the address,
// else by latitude and longitude, else by the name. The choices of device app and transit service
// are recorded in docs/decisions/0250-directions-targets.md.

export interface DirectionsPlace {
  name: string;
  address?: string | null;
  latitude?: number | null;
  longitude?: number | null;
}

export type Platform = 'ios' | 'android' | 'mac' | 'other';

/** What to search for: the address, else 'lat,lng', else the name. */
export function directionsQuery(place: DirectionsPlace): string {
  const address = place.address?.trim();
  if (address) return address;
  if (place.latitude != null && place.longitude != null) return `${place.latitude},${place.longitude}`;
  return place.name.trim();
}

/** The web maps service: Google Maps' documented cross-platform search URL. */
export function webMapsUrl(place: DirectionsPlace): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(directionsQuery(place))}`;
}

/** The device's own maps app: Apple Maps on iPhone/iPad, the geo: intent (any maps app the person
 * chose) on Android, Apple Maps on a Mac (maps.apple.com opens the Maps app there), and elsewhere
 * Google Maps' directions planner on the web (a desktop has no maps app to hand over to). */
export function deviceMapsUrl(place: DirectionsPlace, platform: Platform): string {
  const q = encodeURIComponent(directionsQuery(place));
  switch (platform) {
    case 'ios':
      return `maps://?q=${q}`;
    case 'android':
      return `geo:0,0?q=${q}`;
    case 'mac':
      return `https://maps.apple.com/?q=${q}`;
    default:
      return `https://www.google.com/maps/dir/?api=1&destination=${q}`;
  }
}

/** RideKC (the Kansas City area's buses, streetcar and RideKC Micro) names the Transit app as its
 * official real-time app; its documented URL scheme plans a trip to an address string. */
export function transitDeepLink(address: string): string {
  return `transit://directions?to=${encodeURIComponent(address.trim())}`;
}

/** Opened 2.5 s after the deep link (the app may be missing), or at once without an address. */
export const TRANSIT_SITE_URL = 'https://ridekc.org/';

export function detectPlatform(nav: Pick<Navigator, 'userAgent' | 'maxTouchPoints'> = navigator): Platform {
  const ua = nav.userAgent;
  if (/iPhone|iPad|iPod/i.test(ua)) return 'ios';
  // iPadOS presents itself as a Mac; a touch screen gives it away.
  if (/Macintosh/i.test(ua) && (nav.maxTouchPoints ?? 0) > 1) return 'ios';
  if (/Android/i.test(ua)) return 'android';
  if (/Macintosh|Mac OS X/i.test(ua)) return 'mac';
  return 'other';
}

/** True when the link leaves the browser for an app (no new tab is wanted). */
export const isAppLink = (url: string) => !/^https?:/i.test(url);
