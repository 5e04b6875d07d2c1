/**
 * The JSON-LD value types (EventLinkedData, VenueLinkedData, OrganizerLinkedData,
 * AddressLinkedData) over the domain's schema.org values (src/domain/events/linked-data.ts).
 */
import type * as LD from '../../../domain/events/linked-data';
import { Model } from '../../model';

export class AddressLinkedDataModel extends Model {
  constructor(readonly data: LD.AddressLinkedData) {
    super();
  }
  get __typename(): string {
    return 'AddressLinkedData';
  }
  get type() { return this.data.type; }
  get streetAddress() { return this.data.streetAddress; }
  get addressLocality() { return this.data.addressLocality; }
  get addressRegion() { return this.data.addressRegion; }
  get postalCode() { return this.data.postalCode; }
  get addressCountry() { return this.data.addressCountry; }
}

export class VenueLinkedDataModel extends Model {
  constructor(readonly data: LD.VenueLinkedData) {
    super();
  }
  get __typename(): string {
    return 'VenueLinkedData';
  }
  get type() { return this.data.type; }
  get name() { return this.data.name; }
  get description() { return this.data.description; }
  get url() { return this.data.url; }
  get address() { return this.data.address ? new AddressLinkedDataModel(this.data.address) : null; }
  get telephone() { return this.data.telephone; }
  get sameAs() { return this.data.sameAs; }
}

export class OrganizerLinkedDataModel extends Model {
  constructor(readonly data: LD.OrganizerLinkedData) {
    super();
  }
  get __typename(): string {
    return 'OrganizerLinkedData';
  }
  get type() { return this.data.type; }
  get name() { return this.data.name; }
  get description() { return this.data.description; }
  get url() { return this.data.url; }
  get telephone() { return this.data.telephone; }
  get email() { return this.data.email; }
  get sameAs() { return this.data.sameAs; }
}

export class EventLinkedDataModel extends Model {
  constructor(readonly data: LD.EventLinkedData) {
    super();
  }
  get __typename(): string {
    return 'EventLinkedData';
  }
  get context() { return this.data.context; }
  get type() { return this.data.type; }
  get name() { return this.data.name; }
  get description() { return this.data.description; }
  get url() { return this.data.url; }
  get startDate() { return this.data.startDate; }
  get endDate() { return this.data.endDate; }
  get location() { return this.data.location ? new VenueLinkedDataModel(this.data.location) : null; }
  get organizer() { return this.data.organizer ? new OrganizerLinkedDataModel(this.data.organizer) : null; }
  get performer() { return this.data.performer; }
}
