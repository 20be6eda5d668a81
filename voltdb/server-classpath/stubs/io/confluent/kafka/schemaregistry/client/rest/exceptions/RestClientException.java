package io.confluent.kafka.schemaregistry.client.rest.exceptions;

/** Minimal stand-in: VoltDB only catches this type (AvroSerde) and wraps it in an IOException. */
public class RestClientException extends Exception {
  private final int status;
  private final int errorCode;

  public RestClientException(String message, int status, int errorCode) {
    super(message);
    this.status = status;
    this.errorCode = errorCode;
  }

  public int getStatus() { return status; }
  public int getErrorCode() { return errorCode; }
}
