package io.confluent.kafka.schemaregistry.client;

import java.io.IOException;
import java.util.List;
import java.util.Map;

import io.confluent.kafka.schemaregistry.client.rest.exceptions.RestClientException;

/**
 * Minimal stand-in. VoltDB builds one only when an Avro schema registry is configured
 * in the deployment (AvroSerde.buildClient); tests never do, so every operation throws.
 */
public class CachedSchemaRegistryClient implements SchemaRegistryClient {
  public CachedSchemaRegistryClient(List<String> baseUrls, int identityMapCapacity, Map<String, ?> originals) {
    // nothing: construction is allowed, use is not
  }

  private static UnsupportedOperationException unsupported() {
    return new UnsupportedOperationException("Confluent schema registry is not available in this test setup");
  }

  @Override public int register(String subject, org.apache.avro.Schema schema) throws IOException, RestClientException { throw unsupported(); }
  @Override public org.apache.avro.Schema getById(int id) throws IOException, RestClientException { throw unsupported(); }
  @Override public List<Integer> deleteSubject(String subject) throws IOException, RestClientException { throw unsupported(); }
  @Override public void reset() { }
}
