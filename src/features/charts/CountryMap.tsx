import { useCallback, useMemo } from 'react';
import { useTranslation } from '../../hooks/translation';
import type { Distribution } from '../../../domain/contracts/stats';
import { useSection } from '../../hooks/resources';
import { WorldMap } from './WorldMap';
import { WORLD_SHAPES, shapeIdOfAlpha2 } from './worldShapes';

/**
 * The world map of countries of birth, loaded on demand (it carries the topology). Statistics
 * key a country by its principle id; the countries list gives its ISO alpha-2 code, which the
 * map turns into the topology's numeric id.
 */
export const CountryMap = ({ title, data }: { title: string; data: Distribution }) => {
  const { t: translate } = useTranslation();
  const countries = useSection('surveyCountries');
  const codeById = useMemo(() => new Map((countries.data ?? []).map((item) => [String(item.principleId), item.code] as const)), [countries.data]);
  const shapeOf = useCallback((key: string) => {
    const code = codeById.get(key);
    return code === undefined ? undefined : shapeIdOfAlpha2(code);
  }, [codeById]);
  if (countries.status === 'pending' || countries.status === 'idle') return <p className="stat-loading">{translate('loading')}</p>;
  return <WorldMap title={title} data={data} shapes={WORLD_SHAPES} shapeOf={shapeOf} />;
};
