import { describe, expect, it } from 'vitest';
import {
  avgDailyPerBird,
  avgEggWeight,
  dailyGain,
  eggsPerHen,
  epef,
  fcr,
  feedEggRatio,
  feedPerEgg,
  femaleMaleRatio,
  layingRate,
  livability,
  mortalityPer10k,
  uniformity,
  waterFeedRatio,
  weightedMean,
} from './kpi.js';

// Every expected figure below is worked out by hand in the comment beside it.
describe('production KPIs', () => {
  it('livability: (placed - dead - culled) / placed x 100', () => {
    // (1000 - 12) / 1000 x 100 = 98.8
    expect(livability(1000, 12)).toBeCloseTo(98.8, 10);
    // (1000 - 12 - 3) / 1000 x 100 = 98.5
    expect(livability(1000, 12, 3)).toBeCloseTo(98.5, 10);
    // nothing lost: 100
    expect(livability(500, 0, 0)).toBe(100);
    // no birds placed, or counts absent: undefined
    expect(livability(0, 0)).toBeNull();
    expect(livability(null, 3)).toBeNull();
    expect(livability(1000, undefined)).toBeNull();
  });

  it('mortality per ten thousand: dead / birds x 10 000', () => {
    // 7 / 1000 x 10 000 = 70
    expect(mortalityPer10k(7, 1000)).toBeCloseTo(70, 10);
    // 3 / 25 000 x 10 000 = 1.2
    expect(mortalityPer10k(3, 25_000)).toBeCloseTo(1.2, 10);
    expect(mortalityPer10k(0, 1000)).toBe(0);
    expect(mortalityPer10k(5, 0)).toBeNull();
  });

  it('FCR: feed kg / gain kg', () => {
    // 3300 kg feed for 2000 kg gained: 1.65
    expect(fcr(3300, 2000)).toBeCloseTo(1.65, 10);
    // no gain (or a loss) has no conversion
    expect(fcr(100, 0)).toBeNull();
    expect(fcr(100, -5)).toBeNull();
    expect(fcr(null, 10)).toBeNull();
  });

  it('EPEF: livability % x weight kg / (age x FCR) x 100', () => {
    // 96 x 2.5 / (35 x 1.6) x 100 = 240 / 56 x 100 = 428.571428...
    expect(epef(96, 2.5, 35, 1.6)).toBeCloseTo(428.5714286, 6);
    // 97.5 x 2.998 / (42 x 1.64) x 100 = 292.305 / 68.88 x 100 = 424.3685...
    expect(epef(97.5, 2.998, 42, 1.64)).toBeCloseTo(424.36846, 4);
    expect(epef(96, 2.5, 0, 1.6)).toBeNull();
    expect(epef(96, 2.5, 35, 0)).toBeNull();
    expect(epef(null, 2.5, 35, 1.6)).toBeNull();
  });

  it('laying rate: eggs / hen-days x 100; eggs per hen; feed per egg; feed : egg mass', () => {
    // 3 days of 1000 hens = 3000 hen-days; 2790 eggs -> 93 %
    expect(layingRate(2790, 3000)).toBeCloseTo(93, 10);
    expect(layingRate(10, 0)).toBeNull();
    // 2790 eggs / 1000 hens housed = 2.79
    expect(eggsPerHen(2790, 1000)).toBeCloseTo(2.79, 10);
    expect(eggsPerHen(5, null)).toBeNull();
    // 340 kg feed / 2790 eggs x 1000 = 121.8637... g
    expect(feedPerEgg(340, 2790)).toBeCloseTo(121.8638, 4);
    expect(feedPerEgg(340, 0)).toBeNull();
    // 170 kg of eggs / 2790 eggs x 1000 = 60.9319... g
    expect(avgEggWeight(170, 2790)).toBeCloseTo(60.9319, 4);
    expect(avgEggWeight(170, 0)).toBeNull();
    // 340 kg feed / 170 kg eggs = 2
    expect(feedEggRatio(340, 170)).toBe(2);
    expect(feedEggRatio(340, undefined)).toBeNull();
  });

  it('water : feed ratio and average daily amounts per bird', () => {
    // 180 L / 100 kg = 1.8
    expect(waterFeedRatio(180, 100)).toBeCloseTo(1.8, 10);
    expect(waterFeedRatio(180, 0)).toBeNull();
    // 50 kg over 1000 birds for 1 day = 50 000 g / 1000 bird-days = 50 g/bird/day
    expect(avgDailyPerBird(50, 1000, 1000)).toBe(50);
    // 150 kg over 1000 + 995 + 990 = 2985 bird-days: 150 000 / 2985 = 50.2512... g
    expect(avgDailyPerBird(150, 2985, 1000)).toBeCloseTo(50.25126, 4);
    expect(avgDailyPerBird(150, 0, 1000)).toBeNull();
    expect(avgDailyPerBird(null, 10)).toBeNull();
  });

  it('weights, gain, uniformity and the female : male ratio', () => {
    // 100 males at 3000 g and 900 females at 2000 g: (300 000 + 1 800 000) / 1000 = 2100 g
    expect(
      weightedMean([
        { value: 3000, weight: 100 },
        { value: 2000, weight: 900 },
      ]),
    ).toBe(2100);
    // a part without a weight (or without birds) does not count
    expect(
      weightedMean([
        { value: null, weight: 100 },
        { value: 2000, weight: 900 },
      ]),
    ).toBe(2000);
    expect(weightedMean([{ value: 3000, weight: 0 }])).toBeNull();
    // (533 - 213) g over 7 days = 45.714... g/day
    expect(dailyGain(533, 213, 7)).toBeCloseTo(45.7142857, 6);
    expect(dailyGain(533, null, 7)).toBeNull();
    expect(dailyGain(533, 213, 0)).toBeNull();
    expect(uniformity(85.5)).toBe(85.5);
    expect(uniformity(120)).toBeNull();
    expect(uniformity(undefined)).toBeNull();
    // 900 hens / 100 cocks = 9
    expect(femaleMaleRatio(900, 100)).toBe(9);
    expect(femaleMaleRatio(900, 0)).toBeNull();
  });
});
