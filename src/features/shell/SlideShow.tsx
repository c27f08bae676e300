import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export const SlideShow = () => {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="slide-show-heading" className="stack narrow">
      <h1 id="slide-show-heading">{t('slide_show')}</h1>
      <p>{t('section_empty')}</p>
      <Link to="/dashboard/home">{t('home')}</Link>
    </section>
  );
};
