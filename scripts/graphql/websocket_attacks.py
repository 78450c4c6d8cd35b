"""graphql-transport-ws clients that break the rules, against a Hearth server.

Usage: websocket_attacks.py BASE TOKEN HOUSEHOLD SIGNED_OUT_TOKEN

Prints JSON with what the server did to each:
- "unauthenticated": subscribe without connection_init (the close code and reason);
- "signedOut": connection_init with SIGNED_OUT_TOKEN's session still valid, which the caller then signs out,
  then subscribe (close code and reason);
- "overCap": twenty-one subscriptions on one connection (the codes of the errors, and whether the connection
  still answers a ping).
"""
import asyncio, json, sys, urllib.request

import websockets

base, token, household, doomed = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
url = base.replace("http", "ws", 1) + "/graphql"
query = "subscription($id: String!) { householdChanged(id: $id) { kind } }"


def subscribe(id):
    return json.dumps({"id": id, "type": "subscribe", "payload": {"query": query, "variables": {"id": household}}})


def init(token):
    return json.dumps({"type": "connection_init", "payload": {"Authorization": "Bearer " + token}})


async def closed(ws):
    try:
        while True:
            await ws.recv()
    except websockets.ConnectionClosed as error:
        return {"code": error.rcvd.code if error.rcvd else None, "reason": error.rcvd.reason if error.rcvd else None}


async def unauthenticated():
    async with websockets.connect(url, subprotocols=["graphql-transport-ws"]) as ws:
        await ws.send(subscribe("1"))
        return await closed(ws)


async def signed_out():
    async with websockets.connect(url, subprotocols=["graphql-transport-ws"]) as ws:
        await ws.send(init(doomed))
        assert json.loads(await ws.recv())["type"] == "connection_ack"
        request = urllib.request.Request(base + "/cloud/v1/accounts/signout", data=b"{}", method="POST",
                                         headers={"Content-Type": "application/json", "Authorization": "Bearer " + doomed})
        urllib.request.urlopen(request).read()
        await ws.send(subscribe("1"))
        return await closed(ws)


async def over_cap():
    async with websockets.connect(url, subprotocols=["graphql-transport-ws"]) as ws:
        await ws.send(init(token))
        assert json.loads(await ws.recv())["type"] == "connection_ack"
        for number in range(21):
            await ws.send(subscribe(f"s{number}"))
        await ws.send(json.dumps({"type": "ping"}))
        codes, answered = [], False
        while True:
            message = json.loads(await ws.recv())
            if message["type"] == "error":
                codes.append(message["payload"][0]["extensions"]["code"])
            elif message["type"] == "pong":
                answered = True
                break
        return {"codes": codes, "answersPing": answered}


async def main():
    print(json.dumps({"unauthenticated": await unauthenticated(), "signedOut": await signed_out(), "overCap": await over_cap()}))


asyncio.run(main())
