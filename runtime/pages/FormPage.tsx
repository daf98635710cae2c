import { SupportForm } from '../components/SupportForm.tsx';
import ContentPage from './ContentPage.tsx';
import type { PageProps } from './registry.ts';

/** A support form page (product registration, return to the manufacturer): its text, then the form. */
export default function FormPage(props: PageProps) {
  return <ContentPage {...props} form={<SupportForm kind={props.route.kind === 'return-form' ? 'return' : 'registration'} />} />;
}
