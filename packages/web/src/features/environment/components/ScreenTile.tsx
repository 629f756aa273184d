import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { gasLevel, rhLevel, tempComfort, worstLevel } from '../model/comfort';
import { fmtAgo, fmtNumber, fmtValue } from '../model/format';
import type { ShedState } from '../model/shedState';

/** A house on the wall display: live temperature against the set-point, humidity, CO2, NH3. */
export function ScreenTile({
  name,
  state,
  now,
  staleAfterMs,
}: {
  name: string;
  state?: ShedState;
  now: number;
  staleAfterMs: number;
}): ReactElement {
  const { t } = useTranslation(['environment', 'common']);
  const temp = state?.kinds.temp;
  const comfort = tempComfort(temp?.avg, state?.targetTemp);
  const rh = state?.kinds.rh?.avg;
  const co2 = state?.kinds.co2?.max;
  const nh3 = state?.kinds.nh3?.max;
  const stale = !!state?.lastTs && now - state.lastTs > staleAfterMs;
  const online = !!state?.online && !stale;
  const level = online
    ? worstLevel([comfort?.level ?? 'ok', rhLevel(rh), gasLevel('co2', co2, 'poultry'), gasLevel('nh3', nh3, 'poultry')])
    : 'ok';
  return (
    <li className={`fs-tile fs-tile--${level}${online ? '' : ' fs-tile--off'}`} data-testid="screen-tile" aria-label={name}>
      <div className="fs-tile__head">
        <span className="fs-tile__name">{name}</span>
        <span className={`fs-tile__state${online ? ' fs-tile__state--on' : ''}`}>
          {online ? t('common:online') : state?.lastSeenAt ? fmtAgo(state.lastSeenAt, now) : t('common:offline')}
        </span>
      </div>
      <div className="fs-tile__temp">
        <span className="fs-tile__value" data-testid="screen-temp">
          {fmtNumber(temp?.avg, 'temp')}
        </span>
        <span className="fs-tile__unit">°C</span>
      </div>
      <div className="fs-tile__target">
        {state?.targetTemp !== null && state?.targetTemp !== undefined ? (
          <>
            {t('card.target')} {fmtNumber(state.targetTemp, 'temp')} °C
            {comfort && comfort.level !== 'ok' && (
              <b className={`fs-tile__delta fs-tile__delta--${comfort.level}`}>
                {comfort.delta > 0 ? '+' : ''}
                {fmtValue(comfort.delta, 'temp')}
              </b>
            )}
          </>
        ) : (
          '\u00a0'
        )}
        {state?.dayAge !== null && state?.dayAge !== undefined && (
          <span className="fs-tile__age">{t('card.dayAge', { n: state.dayAge })}</span>
        )}
      </div>
      <dl className="fs-tile__air">
        <div className={`fs-tile__m fs-tile__m--${rhLevel(rh)}`}>
          <dt>{t('tile.rh')}</dt>
          <dd>
            {fmtNumber(rh, 'rh')}
            <small>%</small>
          </dd>
        </div>
        <div className={`fs-tile__m fs-tile__m--${gasLevel('co2', co2, 'poultry')}`}>
          <dt>{t('tile.co2')}</dt>
          <dd>
            {fmtNumber(co2, 'co2')}
            <small>ppm</small>
          </dd>
        </div>
        <div className={`fs-tile__m fs-tile__m--${gasLevel('nh3', nh3, 'poultry')}`}>
          <dt>{t('tile.nh3')}</dt>
          <dd>
            {fmtNumber(nh3, 'nh3')}
            <small>ppm</small>
          </dd>
        </div>
      </dl>
    </li>
  );
}
