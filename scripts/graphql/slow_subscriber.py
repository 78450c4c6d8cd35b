"""A graphql-transport-ws client that subscribes, stops reading while the household changes, then reads on.

Usage: slow_subscriber.py BASE TOKEN HOUSEHOLD SUBSCRIPTIONS CHANGES

It opens a WebSocket with a small receive buffer, starts SUBSCRIPTIONS subscriptions to the household's changes
(with its description, so each event is large), makes CHANGES renames over HTTP without reading anything, then
reads until the server closes the connection. Prints JSON: the events it read, and the close code and reason.
"""
import asyncio, json, socket, sys, urllib.parse, urllib.request

import websockets

base, token, household, subscriptions, changes = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])


def change(number):
    description = ("AB"[number % 2]) * 100_000
    body = json.dumps({
        "query": "mutation($id: String!, $d: String!) { updateHousehold(id: $id, input: {name: \"Home\", description: $d}) { id } }",
        "variables": {"id": household, "d": description},
    }).encode()
    request = urllib.request.Request(base + "/graphql", data=body, headers={"Content-Type": "application/json", "Authorization": "Bearer " + token})
    with urllib.request.urlopen(request) as answer:
        return answer.status


async def main():
    address = urllib.parse.urlparse(base)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect((address.hostname, address.port))
    events, statuses = 0, []
    async with websockets.connect(base.replace("http", "ws", 1) + "/graphql", sock=sock, subprotocols=["graphql-transport-ws"],
                                  max_queue=1, max_size=None, ping_interval=None) as ws:
        await ws.send(json.dumps({"type": "connection_init", "payload": {"Authorization": "Bearer " + token}}))
        assert json.loads(await ws.recv())["type"] == "connection_ack"
        query = "subscription($id: String!) { householdChanged(id: $id) { kind household { description } } }"
        for number in range(subscriptions):
            await ws.send(json.dumps({"id": f"s{number}", "type": "subscribe", "payload": {"query": query, "variables": {"id": household}}}))
        # The subscriptions are set up once a ping sent after them is answered.
        await ws.send(json.dumps({"type": "ping"}))
        assert json.loads(await ws.recv())["type"] == "pong"
        # Reading nothing meanwhile, the changes pile up on the server's side.
        loop = asyncio.get_running_loop()
        for number in range(changes):
            statuses.append(await loop.run_in_executor(None, change, number))
        try:
            while True:
                message = json.loads(await ws.recv())
                if message.get("type") == "next":
                    events += 1
        except websockets.ConnectionClosed as closed:
            frame = closed.rcvd
            print(json.dumps({"events": events, "changes": statuses.count(200), "code": frame.code if frame else None,
                              "reason": frame.reason if frame else None}))


asyncio.run(main())
