import { describe, expect, it } from 'vitest';
import { detectPlatform, deviceMapsUrl, directionsQuery, transitDeepLink, webMapsUrl } from './directions-links';

const withAddress = { name: 'City Market', address: '20 E 5th St, Kansas City, MO', latitude: 39.1, longitude: -94.58 };
const withCoords = { name: 'City Market', address: '  ', latitude: 39.1, longitude: -94.58 };
const nameOnly = { name: 'City Market', address: null, latitude: null, longitude: null };

describe('directions links', () => {
  it('searches by the address, else the coordinates, else the name', () => {
    expect(directionsQuery(withAddress)).toBe('20 E 5th St, Kansas City, MO');
    expect(directionsQuery(withCoords)).toBe('39.1,-94.58');
    expect(directionsQuery(nameOnly)).toBe('City Market');
    expect(webMapsUrl(withCoords)).toBe('https://www.google.com/maps/search/?api=1&query=39.1%2C-94.58');
  });

  it('hands the device maps link to the platform: Apple Maps, geo:, Mac Maps, web planner', () => {
    const q = encodeURIComponent('20 E 5th St, Kansas City, MO');
    expect(deviceMapsUrl(withAddress, 'ios')).toBe(`maps://?q=${q}`);
    expect(deviceMapsUrl(withAddress, 'android')).toBe(`geo:0,0?q=${q}`);
    expect(deviceMapsUrl(withAddress, 'mac')).toBe(`https://maps.apple.com/?q=${q}`);
    expect(deviceMapsUrl(nameOnly, 'other')).toBe('https://www.google.com/maps/dir/?api=1&destination=City%20Market');
    expect(transitDeepLink(' 1 Main St ')).toBe('transit://directions?to=1%20Main%20St');
  });

  it('tells the platforms apart, including iPadOS posing as a Mac', () => {
    const nav = (userAgent: string, maxTouchPoints = 0) => ({ userAgent, maxTouchPoints });
    expect(detectPlatform(nav('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)'))).toBe('ios');
    expect(detectPlatform(nav('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 5))).toBe('ios');
    expect(detectPlatform(nav('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)'))).toBe('mac');
    expect(detectPlatform(nav('Mozilla/5.0 (Linux; Android 14; Pixel 7)'))).toBe('android');
    expect(detectPlatform(nav('Mozilla/5.0 (Windows NT 10.0; Win64; x64)'))).toBe('other');
  });
});
