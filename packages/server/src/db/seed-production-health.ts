/** The demo flocks' health programme: vaccinations by day age and medication courses (seed-production.ts). */
export interface Vaccination {
  age: number;
  brand: string;
  method: string;
  disease: string;
  implementer: string;
}
export const BROILER_VACCINES: Vaccination[] = [
  { age: 1, brand: 'HVT live vaccine', method: 'Subcutaneous injection', disease: "Marek's disease", implementer: 'Hatchery' },
  {
    age: 1,
    brand: 'ND-IB live (LaSota + H120)',
    method: 'Coarse spray',
    disease: 'Newcastle disease, infectious bronchitis',
    implementer: 'Hatchery',
  },
  {
    age: 10,
    brand: 'ND-IB live (LaSota + H120)',
    method: 'Eye drop',
    disease: 'Newcastle disease, infectious bronchitis',
    implementer: 'Chen Hua',
  },
  { age: 14, brand: 'IBD intermediate live', method: 'Drinking water', disease: 'Infectious bursal disease', implementer: 'Chen Hua' },
  { age: 21, brand: 'ND LaSota live', method: 'Drinking water', disease: 'Newcastle disease', implementer: 'Chen Hua' },
];
export const LAYER_VACCINES: Vaccination[] = [
  {
    age: 119,
    brand: 'ND-IB-EDS inactivated',
    method: 'Intramuscular injection',
    disease: 'Newcastle disease, infectious bronchitis, egg drop syndrome',
    implementer: 'Chen Hua',
  },
  {
    age: 175,
    brand: 'ND-IB live (LaSota + H120)',
    method: 'Drinking water',
    disease: 'Newcastle disease, infectious bronchitis',
    implementer: 'Chen Hua',
  },
  {
    age: 231,
    brand: 'ND-IB live (LaSota + H120)',
    method: 'Drinking water',
    disease: 'Newcastle disease, infectious bronchitis',
    implementer: 'Chen Hua',
  },
];
export interface Course {
  from: number;
  to: number;
  drug: string;
  maker: string;
  disease: string;
  dose: string;
  withdrawal: number;
}
/** A colibacillosis outbreak treated in the current batch; coccidiosis treatment in earlier ones. */
export const COLI: Course = {
  from: 17,
  to: 21,
  drug: 'Amoxicillin soluble powder',
  maker: 'Demo Animal Health',
  disease: 'Colibacillosis',
  dose: '15 mg/kg body weight',
  withdrawal: 2,
};
export const COCCI: Course = {
  from: 20,
  to: 21,
  drug: 'Toltrazuril 2.5 % oral solution',
  maker: 'Demo Animal Health',
  disease: 'Coccidiosis',
  dose: '7 mg/kg body weight',
  withdrawal: 18,
};
