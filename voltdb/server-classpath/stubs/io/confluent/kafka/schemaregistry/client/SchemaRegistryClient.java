package io.confluent.kafka.schemaregistry.client;

import java.io.IOException;
import java.util.List;

import io.confluent.kafka.schemaregistry.client.rest.exceptions.RestClientException;

/** Minimal stand-in with only the methods org.voltdb.serdes.AvroSerde invokes. */
public interface SchemaRegistryClient {
  int register(String subject, org.apache.avro.Schema schema) throws IOException, RestClientException;
  org.apache.avro.Schema getById(int id) throws IOException, RestClientException;
  List<Integer> deleteSubject(String subject) throws IOException, RestClientException;
  void reset();
}
