/**
 * Moist-air helpers. Ventilation is counted as conductance: 1 m³/s of air carries ~1.2 kW per K
 * (ρ ≈ 1.2 kg/m³, cp ≈ 1.005 kJ/kg·K).
 */
export const AIR_KW_PER_M3S_K = 1.2;
export const AIR_KG_PER_M3 = 1.2;
/** Latent heat of vaporisation, kJ/kg. */
export const LATENT_KJ_PER_KG = 2450;
/** mg/m³ per ppm at 20 °C: NH3 (17 g/mol) and H2S (34 g/mol) over 24.45 L/mol. */
export const NH3_MG_PER_PPM = 0.695;
export const H2S_MG_PER_PPM = 1.39;
export const OUTDOOR_CO2_PPM = 420;
/** CO2 from animals, m³/h per kW of total heat (CIGR), and from burning propane, m³ per kWh. */
export const CO2_M3H_PER_KW_ANIMAL = 0.185;
export const CO2_M3_PER_KWH_GAS = 0.109;

/** Saturation vapour pressure over water, kPa (Magnus-Tetens). */
export function saturationPressure(tempC: number): number {
  return 0.61078 * Math.exp((17.27 * tempC) / (tempC + 237.3));
}

/** Humidity ratio, kg water per kg dry air, at the given temperature and RH %. */
export function humidityRatio(tempC: number, rh: number): number {
  const pw = (saturationPressure(tempC) * rh) / 100;
  return (0.622 * pw) / (101.325 - pw);
}

/** Relative humidity, %, of air with humidity ratio x at the given temperature. */
export function relativeHumidity(tempC: number, x: number): number {
  const pw = (x * 101.325) / (0.622 + x);
  return (100 * pw) / saturationPressure(tempC);
}

/** Wet-bulb temperature, °C (Stull 2011), for evaporative pad cooling. */
export function wetBulb(tempC: number, rh: number): number {
  return (
    tempC * Math.atan(0.151977 * Math.sqrt(rh + 8.313659)) +
    Math.atan(tempC + rh) -
    Math.atan(rh - 1.676331) +
    0.00391838 * rh ** 1.5 * Math.atan(0.023101 * rh) -
    4.686035
  );
}

/** Moves `value` towards `target` as a first-order lag with time constant `tau` over `dt` (s). */
export function lag(value: number, target: number, dt: number, tau: number): number {
  if (tau <= 0) return target;
  return target + (value - target) * Math.exp(-dt / tau);
}

/** Moves `value` towards `target` at most `maxStep` (an actuator motor's travel in one step). */
export function slew(value: number, target: number, maxStep: number): number {
  if (Math.abs(target - value) <= maxStep) return target;
  return value + Math.sign(target - value) * maxStep;
}

export function clamp(v: number, lo: number, hi: number): number {
  return v < lo ? lo : v > hi ? hi : v;
}
