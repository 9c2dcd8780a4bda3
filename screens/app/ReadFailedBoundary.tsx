/**
 * A read a page cannot show without failed for another reason than "not there" (no answer, a timeout, a server
 * error): the page's hook throws `ReadFailed` while rendering, and this boundary shows the failure with a retry,
 * which renders the page again (its read with it). Any other error goes on up to the router's error page.
 */
import { Component, Fragment, type ReactNode } from 'react';
import { LoadFailed } from '../../widgets/LoadFailed';

export class ReadFailed extends Error {
  constructor(readonly failure: unknown) {
    super('a read the page needs failed');
    this.name = 'ReadFailed';
  }
}

interface Props {
  /** The page's heading while it cannot be shown. */
  title: string;
  children: ReactNode;
}

export class ReadFailedBoundary extends Component<Props, { caught: unknown; tries: number }> {
  state = { caught: undefined as unknown, tries: 0 };

  static getDerivedStateFromError(caught: unknown) {
    return { caught };
  }

  render() {
    const { caught, tries } = this.state;
    if (caught === undefined) return <Fragment key={tries}>{this.props.children}</Fragment>;
    if (!(caught instanceof ReadFailed)) throw caught;
    return <LoadFailed title={this.props.title} error={caught.failure} onRetry={() => this.setState({ caught: undefined, tries: tries + 1 })} />;
  }
}
