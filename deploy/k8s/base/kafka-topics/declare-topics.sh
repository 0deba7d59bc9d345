#!/bin/sh
# Declares every topic of topics.txt on the cluster at KAFKA_BROKERS, with Kafka's own tools:
# creates a missing topic with its partitions, replication factor and retention; on an existing
# one raises the partitions (never lowers them: Kafka cannot) and sets the retention. Running it
# again changes nothing, so the Job may run on every deploy.
#
#   KAFKA_BROKERS=host:9092[,host:9092] REPLICATION_FACTOR=3 sh declare-topics.sh topics.txt
#
# KAFKA_BIN (default /opt/kafka/bin, the apache/kafka image) holds kafka-topics.sh and
# kafka-configs.sh; KAFKA_TOPIC_PREFIX is prepended to every name, as the services do.
set -eu

topics_file=${1:?usage: declare-topics.sh topics.txt}
brokers=${KAFKA_BROKERS:?KAFKA_BROKERS is not set}
replication=${REPLICATION_FACTOR:-3}
prefix=${KAFKA_TOPIC_PREFIX:-}
bin=${KAFKA_BIN:-/opt/kafka/bin}

topics() { "$bin/kafka-topics.sh" --bootstrap-server "$brokers" "$@"; }

existing=$(topics --list)
# Comments and blank lines are skipped; each other line is: name partitions retention.ms
grep -Ev '^[[:space:]]*(#|$)' "$topics_file" | while read -r name partitions retention; do
  topic="$prefix$name"
  if printf '%s\n' "$existing" | grep -qxF "$topic"; then
    current=$(topics --describe --topic "$topic" | sed -n 's/.*PartitionCount:[[:space:]]*\([0-9]*\).*/\1/p' | head -n 1)
    if [ "$current" -lt "$partitions" ]; then
      topics --alter --topic "$topic" --partitions "$partitions"
      echo "$topic: partitions $current -> $partitions"
    elif [ "$current" -gt "$partitions" ]; then
      echo "$topic: has $current partitions, more than the $partitions declared (Kafka cannot lower them); left as is"
    fi
    "$bin/kafka-configs.sh" --bootstrap-server "$brokers" --alter --entity-type topics --entity-name "$topic" \
      --add-config "retention.ms=$retention" >/dev/null
    echo "$topic: present, $partitions partitions, retention.ms=$retention"
  else
    topics --create --if-not-exists --topic "$topic" --partitions "$partitions" \
      --replication-factor "$replication" --config "retention.ms=$retention" >/dev/null
    echo "$topic: created, $partitions partitions, replication $replication, retention.ms=$retention"
  fi
done
