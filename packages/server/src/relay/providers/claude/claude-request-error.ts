// A client body the Claude translation cannot express. Thrown by `request()`; the pipeline answers it as a
// local 400 without calling upstream (the text is relay.request.field_invalid's).
import { UpstreamFailure } from '../provider.js';

/** The failure for an unusable field of the client's body, e.g. `messages[1].content[0].image_url`. */
export function invalidFieldFailure(field: string): UpstreamFailure {
  return new UpstreamFailure({
    status: 400,
    message: `field ${field} is invalid`,
    type: 'invalid_request_error',
    code: 'conversion_error',
    param: field,
  });
}
