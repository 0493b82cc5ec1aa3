import {
  AGES, BODY_TYPES, ETHNICITIES, EYE_COLORS, GENDERS, HAIR_COLORS, HEIGHTS, SEXUAL_ORIENTATIONS, SIZES, WEIGHTS,
  type AttributeOption,
} from '@/common/constants/performer-attributes';

export type AttributeField =
  | 'gender' | 'sexualOrientation' | 'age' | 'height' | 'weight' | 'bodyType' | 'ethnicity' | 'size' | 'hairColor' | 'eyeColor';

export interface AttributeFieldDef {
  name: AttributeField;
  label: string;
  /** For narrow form columns. */
  shortLabel?: string;
  options: AttributeOption[];
}

/** The attributes of spec 3 in display order, with their option lists (for labels and selects). */
export const ATTRIBUTE_FIELDS: AttributeFieldDef[] = [
  { name: 'gender', label: 'Gender', options: GENDERS },
  { name: 'sexualOrientation', label: 'Sexual orientation', shortLabel: 'Orientation', options: SEXUAL_ORIENTATIONS },
  { name: 'age', label: 'Age', options: AGES },
  { name: 'height', label: 'Height', options: HEIGHTS },
  { name: 'weight', label: 'Weight', options: WEIGHTS },
  { name: 'bodyType', label: 'Body type', options: BODY_TYPES },
  { name: 'ethnicity', label: 'Ethnicity', options: ETHNICITIES },
  { name: 'size', label: 'Size', options: SIZES },
  { name: 'hairColor', label: 'Hair colour', options: HAIR_COLORS },
  { name: 'eyeColor', label: 'Eye colour', options: EYE_COLORS },
];

/** The ones a creator sets (age follows from the date of birth). */
export const EDITABLE_ATTRIBUTE_FIELDS = ATTRIBUTE_FIELDS.filter((f) => f.name !== 'age') as (AttributeFieldDef & {
  name: Exclude<AttributeField, 'age'>;
})[];
