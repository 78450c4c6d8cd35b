import json, sys
from fhir.resources.R4B.bundle import Bundle
p = "urn:uuid:7f1c1c2e-0000-4000-8000-000000000001"
entries = [
 {"fullUrl": p, "resource": {"resourceType": "Patient", "id": "7f1c1c2e-0000-4000-8000-000000000001",
   "name": [{"use": "official", "family": "Petrova", "given": ["Irina", "A."]}], "gender": "female", "birthDate": "1984-07-09",
   "address": [{"line": ["12 Main St"], "city": "Springfield", "postalCode": "01101", "country": "US"}],
   "identifier": [{"system": "http://hl7.org/fhir/sid/us-ssn", "value": "999-12-3456"}]}},
 {"fullUrl": "urn:uuid:00000000-0000-4000-8000-000000000002", "resource": {"resourceType": "Encounter", "status": "finished",
   "class": {"system": "http://terminology.hl7.org/CodeSystem/v3-ActCode", "code": "AMB"}, "subject": {"reference": p}}},
 {"fullUrl": "urn:uuid:00000000-0000-4000-8000-000000000003", "resource": {"resourceType": "MedicationRequest", "status": "active", "intent": "order",
   "medicationCodeableConcept": {"coding": [{"system": "http://www.nlm.nih.gov/research/umls/rxnorm", "code": "314076", "display": "lisinopril 10 MG Oral Tablet"}]},
   "subject": {"reference": p}, "authoredOn": "2023-02-01T09:30:00-05:00", "dosageInstruction": [{"text": "1 tablet daily"}]}},
 {"fullUrl": "urn:uuid:00000000-0000-4000-8000-000000000004", "resource": {"resourceType": "Observation", "status": "final",
   "category": [{"coding": [{"system": "http://terminology.hl7.org/CodeSystem/observation-category", "code": "vital-signs"}]}],
   "code": {"coding": [{"system": "http://loinc.org", "code": "29463-7", "display": "Body Weight"}]}, "subject": {"reference": p},
   "effectiveDateTime": "2023-02-01T09:30:00-05:00", "valueQuantity": {"value": 150, "unit": "lb", "system": "http://unitsofmeasure.org", "code": "[lb_av]"}}},
 {"fullUrl": "urn:uuid:00000000-0000-4000-8000-000000000005", "resource": {"resourceType": "Observation", "status": "final",
   "category": [{"coding": [{"system": "http://terminology.hl7.org/CodeSystem/observation-category", "code": "laboratory"}]}],
   "code": {"coding": [{"system": "http://loinc.org", "code": "2339-0", "display": "Glucose"}]}, "subject": {"reference": p},
   "effectiveDateTime": "2023-02-01", "valueQuantity": {"value": 5.4, "unit": "mmol/L", "system": "http://unitsofmeasure.org", "code": "mmol/L"}}},
 {"fullUrl": "urn:uuid:00000000-0000-4000-8000-000000000006", "resource": {"resourceType": "Observation", "status": "final",
   "code": {"coding": [{"system": "http://loinc.org", "code": "8867-4", "display": "Heart rate"}]}, "subject": {"reference": p},
   "valueQuantity": {"value": 72, "unit": "/min"}}},
 {"fullUrl": "urn:uuid:00000000-0000-4000-8000-000000000007", "resource": {"resourceType": "Immunization", "status": "completed",
   "vaccineCode": {"coding": [{"system": "http://hl7.org/fhir/sid/cvx", "code": "140", "display": "Influenza, seasonal"}]},
   "patient": {"reference": p}, "occurrenceDateTime": "2022-10-15T10:00:00Z", "lotNumber": "AB123"}},
 {"fullUrl": "urn:uuid:00000000-0000-4000-8000-000000000008", "resource": {"resourceType": "AllergyIntolerance",
   "clinicalStatus": {"coding": [{"system": "http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical", "code": "active"}]},
   "code": {"text": "Penicillin"}, "patient": {"reference": p}, "recordedDate": "2010-05-01",
   "reaction": [{"manifestation": [{"text": "Hives"}]}]}},
 {"fullUrl": "urn:uuid:00000000-0000-4000-8000-000000000009", "resource": {"resourceType": "Condition", "subject": {"reference": p},
   "code": {"text": "Hypertension"}, "onsetDateTime": "2019-03-10"}},
 {"fullUrl": "urn:uuid:00000000-0000-4000-8000-000000000010", "resource": {"resourceType": "Organization", "name": "Springfield Clinic"}},
]
bundle = Bundle.model_validate({"resourceType": "Bundle", "type": "collection", "entry": entries})
sys.stdout.write(bundle.model_dump_json(exclude_none=True))
